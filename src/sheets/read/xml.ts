import { SaxesParser } from "saxes";
import { FileRejected } from "./reject.js";
import { streamEntryText, type ZipEntry } from "./zip.js";

export type Attributes = Record<string, string>;

export interface XmlHandlers {
  open(name: string, attributes: Attributes): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** `x:row` → `row`: writers differ in namespace prefixes, the reader only needs local names. */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by its local name (`r:id`, `ns1:id` → `id`), the unprefixed one first. */
export function attribute(attributes: Attributes, name: string): string | undefined {
  if (attributes[name] !== undefined) return attributes[name];
  for (const key in attributes) if (localName(key) === name) return attributes[key];
  return undefined;
}

/**
 * Streams one zip entry through a SAX parser: the XML is never held whole, custom entities
 * are never expanded (an "XML bomb" is a parse error), and a broken part is a broken file.
 */
export function parseEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
  handlers: XmlHandlers,
): void {
  const parser = new SaxesParser();
  parser.on("error", () => {
    throw new FileRejected("bad-xlsx", undefined, "xlsx");
  });
  parser.on("opentag", (node) => {
    handlers.open(localName(node.name), node.attributes as Attributes);
  });
  const { text, close } = handlers;
  if (text) {
    parser.on("text", text);
    parser.on("cdata", text);
  }
  if (close) parser.on("closetag", (node) => close(localName(node.name)));
  streamEntryText(bytes, entry, maxBytes, (chunk) => {
    parser.write(chunk);
  });
  parser.close();
}
