/**
 * Sources: what relearn indexes and how it is read. {@link dev.relearn.indexer.source.Sources}
 * opens a folder of Markdown, text and code ({@link dev.relearn.indexer.source.DirectorySource}),
 * a JSONL file of records ({@link dev.relearn.indexer.source.JsonlSource}) or a BEIR corpus
 * ({@link dev.relearn.indexer.source.BeirCorpusSource}) as a {@link
 * dev.relearn.indexer.source.ChunkSource}. Problems with single files or lines are reported as
 * {@link dev.relearn.indexer.source.SourceProblem}s, naming positions and reasons but never file
 * content, and reading goes on.
 */
package dev.relearn.indexer.source;
