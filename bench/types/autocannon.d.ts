/** The part of autocannon's API that bench/server-load.ts uses (the package ships no types). */
declare module 'autocannon' {
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: Array<RawRequest & { setupRequest?: (request: RawRequest) => RawRequest }>;
    /** Called with each connection's client as it is made, before it connects. */
    setupClient?: (client: Client) => void;
    verifyBody?: (body: string) => boolean;
  }

  export interface Client {
    /** This connection's own requests, sent in turn (built into bytes once, here). */
    setRequests(requests: RawRequest[]): void;
  }

  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    /** Times a connection came to the end of its requests and started them again. */
    resets: number;
    duration: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
