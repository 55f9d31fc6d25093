/**
 * Computations a test finishes by hand (answer-cache tests): `compute()` starts one, numbered from 1; `finish(arg)`
 * resolves the oldest running one with `make(its number, arg)` and lets its handlers run.
 */
export function handComputations<A, X = void>(make: (n: number, arg: X) => A) {
  const pending: Array<(arg: X) => void> = [];
  let n = 0;
  const compute = () =>
    new Promise<A>((resolve) => {
      n += 1;
      const mine = n;
      pending.push((arg) => resolve(make(mine, arg)));
    });
  const finish = async (arg: X) => {
    pending.shift()?.(arg);
    await new Promise((r) => setImmediate(r));
  };
  return { compute, finish, calls: () => n, running: () => pending.length };
}
