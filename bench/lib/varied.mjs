// Varied input for autocannon: each request of a run is built by `setupRequest`, so no two answers
// in a row are the same request (a cache in front of the work would otherwise be all a line
// measures).

/** autocannon options whose every request takes the next of `items` (a path, a body…) in turn. */
export function rotating(items, apply) {
  let next = 0;
  return {
    requests: [
      {
        setupRequest(request) {
          apply(request, items[next]);
          next = (next + 1) % items.length;
          return request;
        },
      },
    ],
  };
}

/** GETs of each path in turn. */
export const rotatingPaths = (paths) =>
  rotating(paths, (request, pathname) => {
    request.path = pathname;
  });

/**
 * POSTs of JSON, each body made by `body(i)` for the i-th request of the whole bench; with
 * `fromAddresses`, each request also comes from an address of its own (X-Forwarded-For, which the
 * product reads from the loopback proxy, as behind nginx: see startProduct).
 */
export function jsonBodies(body, { fromAddresses = false } = {}) {
  const headers = { 'content-type': 'application/json' };
  return {
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest(request) {
          const i = counter.next();
          request.body = body(i);
          if (fromAddresses) request.headers = { ...headers, 'x-forwarded-for': addressOf(i) };
          return request;
        },
      },
    ],
  };
}

/** A client address per number, in 10.0.0.0/8. */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

// One sequence for the whole process: a later run never repeats an earlier run's bodies.
const counter = {
  value: 0,
  next() {
    this.value += 1;
    return this.value;
  },
};

/** An amount of `decimals` places from a whole number of its smallest units ("123456", 2 → "1234.56"). */
export function fromUnits(units, decimals) {
  if (decimals === 0) return String(units);
  const digits = String(units).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Calculate's bodies: the pairs in turn, and within a pair a give amount one smallest unit above
 * the last one asked of that pair, wrapping within the pair's tested span: a different amount on
 * every request. Each pair is `{ giveName, getName, minUnits, spanUnits, decimals }`.
 */
export function quoteBodies(pairs) {
  return jsonBodies((i) => {
    const pair = pairs[i % pairs.length];
    const units = pair.minUnits + (Math.floor(i / pairs.length) % pair.spanUnits);
    return JSON.stringify({
      giveName: pair.giveName,
      getName: pair.getName,
      sum: fromUnits(units, pair.decimals),
      direction: 'sell',
    });
  });
}
