export * from './benchmarks.js';
