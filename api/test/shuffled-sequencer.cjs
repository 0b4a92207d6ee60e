// A jest test sequencer that runs the files in an order drawn from SHUFFLE_SEED (default 1),
// to find the files that depend on what ran before them on the same worker. Under
// jest-light-runner the modules stay loaded from one file to the next (jest.shared-modules.config.cjs):
//   bash scripts/with-postgres.sh npm run test:shared-modules -w api -- --testSequencer ./test/shuffled-sequencer.cjs
const Sequencer = require('@jest/test-sequencer').default;

module.exports = class ShuffledSequencer extends Sequencer {
  sort(tests) {
    // A linear congruential generator: the same seed gives the same order on every machine.
    let seed = Number(process.env.SHUFFLE_SEED ?? 1) % 2147483648;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const order = [...tests].sort((a, b) => a.path.localeCompare(b.path));
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    process.stderr.write(`files in the order of SHUFFLE_SEED=${process.env.SHUFFLE_SEED ?? 1}\n`);
    return order;
  }
};
