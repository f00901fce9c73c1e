/**
 * The HTTP clients of an OpenSearch cluster that runs the relearn plugin: its chunk index,
 * learned search and feedback, which {@link dev.relearn.engine.RelearnCluster} puts together.
 */
package dev.relearn.engine.cluster;
