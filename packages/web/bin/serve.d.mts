export declare const DIST: string;
export declare function serve(port?: number, dir?: string): Promise<{ url: string; close(): Promise<void> }>;
