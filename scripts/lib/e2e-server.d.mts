export declare const E2E_ADMIN: Readonly<{ email: string; password: string; name: string }>;
export declare const E2E_REFUND_POLL_MS: number;
export declare function e2eServerEnv(options: { port: number; dataDir: string }): Record<string, string>;
export declare function prepareSeededDataDir(
  serverEntry: string,
  options?: { timeoutMs?: number },
): Promise<{ dataDir: string; seconds: number }>;
