/**
 * The learned search on a cluster, {@code POST /{index}/_relearn/search}: {@link
 * dev.relearn.opensearch.search.RestRelearnSearchAction} parses it into a {@link
 * dev.relearn.opensearch.search.RelearnSearchRequest} (a vector, analysed terms and a query
 * class: never the query's text), {@link dev.relearn.opensearch.search.TransportRelearnSearchAction}
 * gathers the candidates and their learned values ({@link
 * dev.relearn.opensearch.search.LearnedValuesIndex}) and {@link
 * dev.relearn.opensearch.search.WindowRanking} fuses and re-ranks the merged window on the
 * coordinating node, as relearn does embedded.
 */
package dev.relearn.opensearch.search;
