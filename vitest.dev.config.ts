import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';
export default mergeConfig(base, defineConfig({
  resolve: { alias: [{ find: /^\.\/rulesets\/mafia\/index\.js$/, replacement: '/tmp/devstub/mafia-stub.ts' }] },
}));
