import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { buildProductionImage } from "./build.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** dist/main.js of the run's production build (end-to-end project only). */
    botImage: string;
  }
}

/** One production build per run for the bot's child processes (`spawnBot`), removed after. */
export default async function setup(project: TestProject) {
  const image = await buildProductionImage();
  project.provide("botImage", image.main);
  return () => image.remove();
}
