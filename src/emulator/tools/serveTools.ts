import type { BrandscapeLayout } from "../brandscape/layout";
import type { Dataset } from "../dataset/types";
import { notFound } from "../http/errors";
import { BASE_PATH } from "../http/routes";
import { defineRecords, type ResourceDefinition } from "../resources/definitions";
import { serveCollection, serveItem } from "../resources/serveResource";
import type { IncludeCatalogue } from "../resources/shape";
import { parseQuery } from "../query/parseQuery";
import { TOOL_ANSWERS } from "./answers";
import { TOOL_BY_SLUG, TOOL_DEFINITIONS, TOOL_INCLUDES, toolRecord } from "./catalogue";
import { isToolMetric, Market } from "./market";
import { readToolArguments } from "./toolParams";

/**
 * `GET tools` (the tools, a paginated resource), `GET tools/<id>` (one of them) and
 * `GET tools/<slug>` (the tool run on the query string's parameters).
 */
export class ToolService {
  private readonly market: Market;

  private readonly lists = new Map<string, ResourceDefinition>();

  constructor(
    dataset: Dataset,
    layout: BrandscapeLayout,
    private readonly catalogue: IncludeCatalogue,
  ) {
    this.market = new Market(dataset, layout);
  }

  private list(origin: string): ResourceDefinition {
    let definition = this.lists.get(origin);
    if (!definition) {
      const records = TOOL_DEFINITIONS.map((tool) => toolRecord(tool, origin));
      definition = defineRecords("tools", records, { filters: {}, includes: TOOL_INCLUDES, searchText: null, model: "Tool" });
      this.lists.set(origin, definition);
    }
    return definition;
  }

  serveList(rawQuery: string, origin: string): string {
    const query = parseQuery(rawQuery);
    return serveCollection(this.list(origin), this.catalogue, { query, path: `${origin}${BASE_PATH}tools` });
  }

  /** A numeric segment is a tool's id (its record); any other is a slug (the tool's answer). */
  serve(segment: string, rawQuery: string, origin: string): string {
    if (/^\d+$/.test(segment)) return serveItem(this.list(origin), this.catalogue, segment, parseQuery(rawQuery));
    const tool = TOOL_BY_SLUG.get(segment);
    if (!tool) throw notFound(`The route tools/${segment} could not be found.`);
    const args = readToolArguments(tool, rawQuery, (refers, id) => this.market.exists(refers, id), isToolMetric);
    return JSON.stringify({ data: TOOL_ANSWERS[tool.slug](this.market, args) });
  }
}
