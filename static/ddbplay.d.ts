// Types for ddbplay's JavaScript API, served beside the page as ddbplay.js.
//
//   import { load } from "./ddbplay.js";
//   const ddbplay = await load();

/** The panels a playground can show, by the names links and embeds use. */
export type PanelName =
  | "patterns" | "comparison" | "runner" | "console" | "review" | "throughput"
  | "items" | "data" | "item" | "stream" | "design" | "chart";

/** The designs of the gallery, by the names `#example=` links use. */
export type ExampleName =
  | "commerce" | "blog" | "hierarchy" | "adjacency" | "sharding"
  | "time-series" | "invoicing";

export interface MountOptions {
  /** A design of the gallery by name; "commerce" (the default). */
  example?: ExampleName;
  /** A share link, whole or only its `#play=…` fragment. */
  link?: string;
  /** The contents of a `.ddbplay.json` file, as an object. */
  state?: object;
  /** The panels to show, in this order (all of them when left out). */
  panels?: PanelName[];
  /** Nothing can be changed; Compare and Run (reads) still work. */
  readOnly?: boolean;
  /** The access pattern to compare first, counting from 1. */
  pattern?: number;
}

/**
 * A playground mounted in the page. Each runs in an instance of the engine
 * of its own (the first three mounted at once; past them, they share one):
 * if a bug ever stops one, it says so in its place with a button that
 * starts it again, and the others go on untouched.
 */
export interface Playground {
  /** A link that opens the full playground on the state on the screen ("" once it stopped). */
  link(): string;
  /** Takes the playground out of the page. */
  unmount(): void;
  /** Why the playground stopped, if it did. */
  readonly stopped: string | null;
}

/** DynamoDB's JSON request and response shapes, as plain objects. */
export type DynamoDbRequest = Record<string, unknown>;
export type DynamoDbResponse = Record<string, unknown>;

/**
 * What `execute` throws when DynamoDB would refuse the request:
 * `name` is the exception ("ValidationException"), `message` DynamoDB's
 * message, `__type` the full type DynamoDB sends
 * ("com.amazon.coral.validate#ValidationException").
 */
export interface DynamoDbError extends Error {
  __type: string;
}

/**
 * A bare engine: DynamoDB's API, running in the page. Tables live in
 * memory. All Engines share an instance of the engine, apart from the
 * playgrounds': if a bug ever stops it, every Engine made before throws an
 * Error named "EngineStopped" (their tables are gone), and a new Engine
 * starts in a fresh instance.
 */
export declare class Engine {
  constructor();
  /**
   * Runs one operation ("CreateTable", "PutItem", "Query", "ExecuteStatement",
   * …) on its JSON request and returns DynamoDB's JSON response; throws a
   * DynamoDbError, or an Error named "EngineStopped".
   */
  execute(operation: string, request: DynamoDbRequest): DynamoDbResponse;
  free(): void;
}

export interface Ddbplay {
  /** Mounts a playground into `element`. Throws an Error saying what is wrong with the options. */
  mount(element: Element, options?: MountOptions): Playground;
  Engine: typeof Engine;
}

/** Loads the engine (once) and resolves to the API. */
export function load(): Promise<Ddbplay>;
