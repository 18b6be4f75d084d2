/** A benchmark's command line: its positional arguments and its `--name value` flags. */
export function parseArguments(args) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < args.length; i += 1) {
    if (args[i].startsWith('--')) flags[args[i].slice(2)] = args[(i += 1)];
    else positional.push(args[i]);
  }
  return { positional, flags };
}
