import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';
export default mergeConfig(base, defineConfig({ resolve: { alias: { '@sandtable/catalog': '/work/main/packages/web/.tmpdev/catalog-stub.ts' } }, build: { outDir: '/tmp/webdev/dist' } }));
