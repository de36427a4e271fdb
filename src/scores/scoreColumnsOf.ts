import type { Client } from "../client/client";
import { scoreColumnMap, type ScoreColumnMap } from "../rows/scoreColumnMap";

/** One fetch of brand-metrics per client: the records change with the service's releases, not between calls. */
const fetched = new WeakMap<Client, Promise<ScoreColumnMap>>();

/** The service's score columns, from its brand-metrics records, fetched on a client's first ask. */
export function scoreColumnsOf(client: Client): Promise<ScoreColumnMap> {
  let map = fetched.get(client);
  if (!map) {
    map = client.rawQuery("brand-metrics", { perPage: 1000 }).then(scoreColumnMap);
    // a failed fetch is not kept: the next call asks again
    map.catch(() => fetched.delete(client));
    fetched.set(client, map);
  }
  return map;
}
