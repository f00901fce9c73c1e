/**
 * relearn against an OpenSearch cluster that runs the relearn plugin, over HTTP ({@link
 * dev.relearn.engine.cluster.ClusterHttp}): the chunk index with the plugin's mappings ({@link
 * dev.relearn.engine.cluster.ClusterIndexDefinition}, {@link
 * dev.relearn.engine.cluster.ClusterChunks}), the learned search ({@link
 * dev.relearn.engine.cluster.ClusterSearchClient}, which embeds, analyses and classifies the query
 * here and sends only its vector, terms and class) and feedback ({@link
 * dev.relearn.engine.cluster.ClusterFeedbackClient}). {@link dev.relearn.engine.RelearnCluster}
 * puts them together.
 */
package dev.relearn.engine.cluster;
