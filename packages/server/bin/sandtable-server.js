#!/usr/bin/env node
// The server is written in TypeScript; tsx compiles it on the fly. Options: see src/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
