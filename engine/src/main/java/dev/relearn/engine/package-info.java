/**
 * The embeddable entry point: {@link dev.relearn.engine.Relearn} opens an index folder and
 * indexes, searches, records feedback and reports on it ({@link dev.relearn.engine.AsyncRelearn}:
 * as futures), owning the Lucene writer, the model, the feedback store and the weights; every
 * call passes a {@code CallGate}, so closing waits for the calls in flight. {@code EngineOpener}
 * puts an engine together in {@code EngineParts}; {@code EngineSearches} searches, {@code
 * ChunkIndexing} indexes, {@code FeedbackRecorder} turns a request into an event. This package
 * and {@code config} are the API of cli and server (the {@code *Views} classes the one JSON shape
 * of what they show).
 */
package dev.relearn.engine;
