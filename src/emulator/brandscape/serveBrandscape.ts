import type { Dataset } from "../dataset/types";
import { envelopeTail, pageBounds } from "../http/envelope";
import { notFound } from "../http/errors";
import type { PageView } from "../pageFaults";
import type { ParsedQuery } from "../query/parseQuery";
import type { ResourceCatalogue } from "../resources/definitions";
import { badRequest } from "../http/errors";
import { checkSort } from "../resources/shape";
import { ByteSink } from "./byteSink";
import { COLUMN_NAME_SET } from "./columns";
import { buildCriteria, checkFiltered } from "./criteria";
import { BrandscapeLayout, layoutFor } from "./layout";
import { BRANDSCAPE_INCLUDES, planColumns, RowWriter } from "./rowJson";
import { BrandscapeRows } from "./rows";
import { StableRowIds } from "../revisions/stableRowIds";
import { selectRows, type Selection } from "./selection";
import { sortSelection } from "./sorting";

const SELECTION_CACHE_SIZE = 24;

/** brandscape-data: rows computed from their index, never stored (see layout.ts). */
function checkBrandscapeIncludes(requested: readonly string[]): void {
  const unknown = requested.filter((name) => !BRANDSCAPE_INCLUDES.includes(name));
  if (unknown.length > 0) {
    throw badRequest(
      `Requested include(s) \`${unknown.join(", ")}\` are not allowed. Allowed include(s) are \`${BRANDSCAPE_INCLUDES.join(", ")}\`.`,
    );
  }
}

/** What revisions (revisions/) change of the brandscape: a study's values, and studies taken away. */
export interface BrandscapeRevisions {
  revisionOf(studyId: number): number;
  readonly removedStudyIds: ReadonlySet<number>;
}

export class BrandscapeService {
  layout: BrandscapeLayout;
  private rows: BrandscapeRows;
  private writer: RowWriter;
  /** once a study was added: the layout rows were numbered by, and the ids its rows keep */
  private seededLayout: BrandscapeLayout | undefined;
  private stableIds: StableRowIds | undefined;
  /** a paged-through query resolves its selection (and sort) once, not once per page */
  private readonly selections = new Map<string, Selection>();

  constructor(
    private readonly dataset: Dataset,
    private readonly catalogue: ResourceCatalogue,
    scale?: number,
    private readonly revisions?: BrandscapeRevisions,
  ) {
    this.layout = layoutFor(dataset, scale);
    this.rows = new BrandscapeRows(this.layout, dataset, catalogue.related, revisions && ((id) => revisions.revisionOf(id)));
    this.writer = new RowWriter(this.rows, catalogue.forms);
  }

  /** After a revision: selections are made again (filters on data_updated_at, removed studies). */
  forget(): void {
    this.selections.clear();
  }

  /** After a study was added: the layout again, from the dataset's studies, keeping `scale` rows. */
  rebuild(scale?: number): void {
    this.seededLayout ??= this.layout;
    this.layout = new BrandscapeLayout(this.dataset, scale);
    const ids = new StableRowIds(this.seededLayout, this.layout);
    this.stableIds = ids;
    const revisions = this.revisions;
    this.rows = new BrandscapeRows(
      this.layout,
      this.dataset,
      this.catalogue.related,
      revisions && ((id) => revisions.revisionOf(id)),
      (rowIndex) => ids.idOf(rowIndex),
    );
    this.writer = new RowWriter(this.rows, this.catalogue.forms);
    this.forget();
  }

  serveCollection(query: ParsedQuery, path: string, view?: PageView): Buffer {
    checkBrandscapeIncludes(query.include);
    checkSort(COLUMN_NAME_SET, query);
    checkFiltered(query.filters);
    const selection = this.selection(query);
    const page = { page: query.page, perPage: query.perPage, total: selection.total, path, linkParams: query.linkParams, view };
    const [start, end] = pageBounds(page);
    const plan = planColumns(query);
    const sink = new ByteSink((end - start) * (plan.metricBlock.maxBytes + 2048) + 16384);
    sink.text(`{"data":[`);
    selection.rowIndices(start, end).forEach((rowIndex, i) => {
      if (i > 0) sink.text(",");
      this.writer.write(sink, rowIndex, plan, query);
    });
    sink.text(`]${envelopeTail(page)}}`);
    return sink.result();
  }

  serveItem(rawId: string, query: ParsedQuery): Buffer {
    checkBrandscapeIncludes(query.include);
    const id = /^\d+$/.test(rawId) ? Number(rawId) : 0;
    const rowIndex = this.stableIds ? this.stableIds.rowIndexOf(id) : id - 1;
    if (rowIndex === undefined || rowIndex < 0 || rowIndex >= this.layout.rowCount) {
      throw notFound(`No query results for model [App\\Models\\BrandscapeData] ${rawId}`);
    }
    const plan = planColumns(query);
    const sink = new ByteSink(plan.metricBlock.maxBytes + 4096);
    sink.text(`{"data":`);
    this.writer.write(sink, rowIndex, plan, query);
    sink.text("}");
    return sink.result();
  }

  private selection(query: ParsedQuery): Selection {
    const key = JSON.stringify([[...query.filters].sort(), query.sort]);
    let selection = this.selections.get(key);
    if (selection) {
      this.selections.delete(key); // refresh its place as most recently used
    } else {
      const criteria = buildCriteria(query.filters, this.layout, this.rows, this.rows.related, this.revisions?.removedStudyIds);
      selection = sortSelection(selectRows(criteria, this.layout), query.sort, this.rows);
      if (this.selections.size >= SELECTION_CACHE_SIZE) this.selections.delete(this.selections.keys().next().value!);
    }
    this.selections.set(key, selection);
    return selection;
  }
}
