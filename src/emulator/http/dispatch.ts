import type { BrandscapeService } from "../brandscape/serveBrandscape";
import type { StudyRecord } from "../dataset/types";
import type { ResourceCatalogue } from "../resources/definitions";
import type { StudySubroutes } from "../resources/studySubroutes";
import type { PageView } from "../pageFaults";
import { parseQuery, type ParsedQuery } from "../query/parseQuery";
import { findRecord, serveCollection, serveItem } from "../resources/serveResource";
import type { ToolService } from "../tools/serveTools";
import { notFound } from "./errors";
import { BASE_PATH, type Route } from "./routes";

export interface Resources {
  readonly catalogue: ResourceCatalogue;
  readonly subroutes: StudySubroutes;
  readonly brandscape: BrandscapeService;
  readonly tools: ToolService;
  /** the largest page served, whatever per_page asks (EmulatorOptions.maxPerPage) */
  readonly maxPerPage?: number;
}

/** per_page as the service serves it: at most its own largest page. */
function servedQuery(rawQuery: string, resources: Resources): ParsedQuery {
  const query = parseQuery(rawQuery);
  const cap = resources.maxPerPage;
  return cap !== undefined && query.perPage > cap ? { ...query, perPage: cap } : query;
}

/** The 200 body of a routed GET; any other outcome is thrown as an HttpError. `view`: a page fault's. */
export function dispatch(route: Route, rawQuery: string, origin: string, resources: Resources, view?: PageView): string | Buffer {
  switch (route.kind) {
    case "health":
      return JSON.stringify({ status: "ok", timestamp: new Date().toISOString() });
    case "notFound":
      throw notFound(`The route ${route.path} could not be found.`);
    case "collection": {
      const query = servedQuery(rawQuery, resources);
      const path = `${origin}${BASE_PATH}${route.resource}`;
      if (route.resource === "brandscape-data") return resources.brandscape.serveCollection(query, path, view);
      return serveCollection(resources.catalogue.definitions.get(route.resource)!, resources.catalogue, { query, path, view });
    }
    case "item": {
      const query = parseQuery(rawQuery);
      if (route.resource === "brandscape-data") return resources.brandscape.serveItem(route.id, query);
      return serveItem(resources.catalogue.definitions.get(route.resource)!, resources.catalogue, route.id, query);
    }
    case "tools":
      if (route.segment === undefined) return resources.tools.serveList(rawQuery, origin);
      return resources.tools.serve(route.segment, rawQuery, origin);
    case "studySubroute": {
      const query = servedQuery(rawQuery, resources);
      const study = findRecord(resources.catalogue.definitions.get("studies")!, route.studyId) as StudyRecord;
      const path = `${origin}${BASE_PATH}studies/${study.id}/${route.sub}`;
      return serveCollection(resources.subroutes.definition(study, route.sub), resources.catalogue, { query, path, view });
    }
  }
}
