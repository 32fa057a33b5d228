export declare const root: string;
export declare const serverEntry: string;
export declare function ensureBuilt(): void;
export declare function ensureServerBuilt(): void;
