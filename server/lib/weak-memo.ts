/**
 * One value per key object, made on first use and dropped with the key: what each database
 * handle keeps of its own (a prepared statement, a batcher, a cache of recent reads).
 */
export function weakMemo<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  return (key) => {
    if (values.has(key)) return values.get(key) as V;
    const value = make(key);
    values.set(key, value);
    return value;
  };
}
