/** `npm run bench`: speed and memory figures. The engine and renderer benchmarks arrive with them. */
console.log('No benchmarks yet: they arrive with the rules engine and the renderer.');
