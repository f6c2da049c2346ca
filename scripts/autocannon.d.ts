// The part of autocannon's API that scripts/bench.mjs uses (autocannon ships no types).
declare module "autocannon" {
  type Request = { method?: string; path?: string; body?: string; headers?: Record<string, string>; setupRequest?: (request: Request) => Request };
  type Histogram = { average: number; p50: number; p99: number; total: number };
  export type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  export default function autocannon(options: { url: string; connections: number; duration: number; requests: Request[] }): Promise<Result>;
}
