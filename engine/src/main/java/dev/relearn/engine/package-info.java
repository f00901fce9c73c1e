/**
 * The embeddable entry point: {@link dev.relearn.engine.Relearn} opens an index folder and
 * indexes, searches, records feedback and reports on it; {@link dev.relearn.engine.AsyncRelearn}
 * runs any of its calls as a future. It owns the Lucene writer, the searcher manager, the embedding
 * model, the feedback store and the adaptive weights, and their lifecycles: every call passes a
 * {@code CallGate}, so closing waits for the calls in flight and refuses later ones.
 *
 * <p>{@code EngineOpener} puts an engine together ({@link dev.relearn.engine.IndexFolderCheck}
 * first refuses a folder that is neither empty nor relearn's) and {@code EngineParts} holds its
 * parts and closes them in order; {@code EngineSearches} runs searches, with {@code
 * LearnedRanking} as the second stage; {@code ChunkIndexing} indexes and removes sources; {@code
 * FeedbackRecorder} turns a {@link dev.relearn.engine.FeedbackRequest} into an event (the query
 * text is embedded there and dropped). The configuration (relearn.json) is in {@code config}.
 *
 * <p>This package and {@code config} are the API of cli and server: {@link
 * dev.relearn.engine.UseClassifier} is an agent session's learning policy, the {@code *Views}
 * classes the one JSON shape of what they show.
 */
package dev.relearn.engine;
