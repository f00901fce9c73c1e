/**
 * The embeddable entry point: {@link dev.relearn.engine.Relearn} opens an index folder and
 * indexes, searches and reports on it. It owns the Lucene writer, the searcher manager and the
 * embedding model, and their lifecycles: every call passes a {@code CallGate}, so closing waits
 * for the calls in flight and refuses later ones.
 */
package dev.relearn.engine;
