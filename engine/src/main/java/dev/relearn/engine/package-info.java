/**
 * The embeddable entry point: {@link dev.relearn.engine.Relearn} opens an index folder and
 * indexes, searches and reports on it. It owns the Lucene writer, the searcher manager and the
 * embedding model, and their lifecycles.
 */
package dev.relearn.engine;
