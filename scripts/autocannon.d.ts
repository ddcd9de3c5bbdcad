// What the bench uses of autocannon, which ships no types of its own.
declare module "autocannon" {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    onResponse?: (status: number, body: string) => void;
  }
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    connections?: number;
    duration?: number;
    skipAggregateResult?: boolean;
    [option: string]: unknown;
  }
  export interface Result {
    requests: { total: number };
    latency: { p50: number; p99: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    function aggregateResult(
      results: Result[],
      options: { url: string; connections: number },
    ): Result;
  }
  export default autocannon;
}
