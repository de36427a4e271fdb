import type { BrandscapeLayout } from "../brandscape/layout";
import type { Dataset } from "../dataset/types";
import { collectionBody, pageBounds } from "../http/envelope";
import { notFound } from "../http/errors";
import { parseQuery } from "../query/parseQuery";
import { TOOL_ANSWERS } from "./answers";
import { TOOL_BY_SLUG, TOOL_DEFINITIONS, toolRecord } from "./catalogue";
import { isToolMetric, Market } from "./market";
import { readToolArguments } from "./toolParams";

/**
 * `GET tools` (the tools, a paginated resource), `GET tools/<id>` (one of them) and
 * `GET tools/<slug>` (the tool run on the query string's parameters).
 */
export class ToolService {
  private readonly market: Market;

  constructor(dataset: Dataset, layout: BrandscapeLayout) {
    this.market = new Market(dataset, layout);
  }

  serveList(rawQuery: string, path: string): string {
    const query = parseQuery(rawQuery);
    const page = { page: query.page, perPage: query.perPage, total: TOOL_DEFINITIONS.length, path, linkParams: query.linkParams };
    const [start, end] = pageBounds(page);
    return collectionBody(
      TOOL_DEFINITIONS.slice(start, end).map((tool) => JSON.stringify(toolRecord(tool))),
      page,
    );
  }

  /** A numeric segment is a tool's id (its record); any other is a slug (the tool's answer). */
  serve(segment: string, rawQuery: string): string {
    if (/^\d+$/.test(segment)) {
      const tool = TOOL_DEFINITIONS.find((candidate) => candidate.id === Number(segment));
      if (!tool) throw notFound(`No query results for model [App\\Models\\Tool] ${segment}`);
      return JSON.stringify({ data: toolRecord(tool) });
    }
    const tool = TOOL_BY_SLUG.get(segment);
    if (!tool) throw notFound(`The route tools/${segment} could not be found.`);
    const args = readToolArguments(tool, rawQuery, (refers, id) => this.market.exists(refers, id), isToolMetric);
    return JSON.stringify({ data: TOOL_ANSWERS[tool.slug](this.market, args) });
  }
}
