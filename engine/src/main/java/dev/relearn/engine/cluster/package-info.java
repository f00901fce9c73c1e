/**
 * relearn against an OpenSearch cluster that runs the relearn plugin: {@link
 * dev.relearn.engine.cluster.ClusterSearchClient} embeds, analyses and classifies the query here
 * and sends only its vector, terms and class.
 */
package dev.relearn.engine.cluster;
