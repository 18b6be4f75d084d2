// The house's Nx generators (generators.json), importable by tests.
export { default as serviceGenerator } from './service/generator.js';
export { default as contextGenerator } from './context/generator.js';
export { default as jobGenerator } from './job/generator.js';
export { default as consumerGenerator } from './consumer/generator.js';
