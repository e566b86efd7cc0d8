/** One local day of a seller's orders: what the digest counts and the chart draws. */
export interface DayFigures {
  date: string;
  orders: number;
  revenue: number;
  payout: number;
}
