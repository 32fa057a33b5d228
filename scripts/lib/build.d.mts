export declare const root: string;
export declare const serverEntry: string;
export declare const SERVER_HEAP_FLAG: string;
export declare function ensureBuilt(): void;
export declare function ensureServerBuilt(): void;
