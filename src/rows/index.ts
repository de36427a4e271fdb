// Records → rows as their endpoint says: the endpoint table's row shape looked up and handed to
// frame's one gatherer.
export { rowShapeOf, pageRowShape, resourceOfEndpoint, recordsToFrame, FrameBuilder, flattenRecord, flattenRecords } from "./rowShape";
