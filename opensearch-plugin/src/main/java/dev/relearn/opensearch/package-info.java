/**
 * relearn as an OpenSearch plugin: {@link dev.relearn.opensearch.RelearnPlugin} registers the
 * vector field ({@link dev.relearn.opensearch.RelearnVectorFieldMapper}), its kNN query ({@link
 * dev.relearn.opensearch.RelearnKnnQueryBuilder}), relearn's analyzers ({@link
 * dev.relearn.opensearch.RelearnAnalyzers}) and BM25 with relearn's parameters. Lucene and
 * OpenSearch come from the node; the plugin zip carries this jar and lucene-module.
 */
package dev.relearn.opensearch;
