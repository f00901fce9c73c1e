package dev.relearn.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.relearn.engine.cluster.ClusterChunks;
import dev.relearn.engine.cluster.ClusterFeedbackClient;
import dev.relearn.engine.cluster.ClusterHit;
import dev.relearn.engine.cluster.ClusterHttp;
import dev.relearn.engine.cluster.ClusterIndexDefinition;
import dev.relearn.engine.cluster.ClusterResults;
import dev.relearn.engine.cluster.ClusterSearchClient;
import dev.relearn.engine.cluster.ClusterWeights;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.engine.search.Snippets;
import dev.relearn.engine.weights.AdaptiveWeights;
import dev.relearn.engine.weights.AdaptiveWeightsConfig;
import dev.relearn.engine.weights.Weights;
import dev.relearn.feedback.event.Learnability;
import dev.relearn.feedback.event.SessionHasher;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.fusion.Fusion;
import dev.relearn.lucene.fusion.QueryClass;
import dev.relearn.lucene.fusion.QueryClassifier;
import dev.relearn.lucene.schema.IndexMetadata;
import dev.relearn.lucene.schema.VectorEncoding;
import dev.relearn.lucene.trust.Trust;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.lucene.search.Explanation;

/**
 * relearn against an OpenSearch cluster that runs relearn's plugin: the same operations as
 * {@link Relearn} (index, search, feedback, forget, stats), with the chunking, the embedding and
 * the query's analysis on this side. The cluster receives chunks, vectors, sorted query terms,
 * query classes, chunk ids and hashed sessions; never a query's text. Thread-safe; {@link
 * #close} releases the model.
 */
public final class RelearnCluster implements AutoCloseable, RelearnOperations {
  /** The chunk index used when the address names none. */
  public static final String DEFAULT_INDEX = "relearn";
  /** The folder in an index folder that a command-line client keeps its own state in. */
  public static final String CLIENT_FOLDER = "cluster";

  private final ClusterHttp http;
  private final ClusterChunks chunks;
  private final ClusterSearchClient searches;
  private final ClusterFeedbackClient feedback;
  private final ClusterWeights weights;
  private final EmbedderHolder embedder;
  private final SessionHasher sessions;

  private RelearnCluster(ClusterHttp http, String index, EmbedderHolder embedder,
      SessionHasher sessions) {
    this.http = http;
    this.chunks = new ClusterChunks(http, index);
    this.embedder = embedder;
    this.searches = new ClusterSearchClient(http, index, embedder.onDemand());
    this.feedback = new ClusterFeedbackClient(http, index);
    this.weights = new ClusterWeights(http, index, AdaptiveWeightsConfig.DEFAULTS);
    this.sessions = sessions;
  }

  /**
   * Connects to the chunk index {@code address} names by its path ({@code
   * http://host:9200/notes}; none: {@value #DEFAULT_INDEX}), with the model it was built with.
   *
   * @param state a folder for this client's state: the secret sessions are hashed with
   * @throws IllegalArgumentException when the address or the index name is not valid
   * @throws IllegalStateException when the index was built with another model
   */
  public static RelearnCluster connect(URI address, Path state, RelearnOptions options)
      throws IOException {
    String path = address.getPath() == null ? "" : address.getPath().replaceAll("/+$", "");
    String index = path.isEmpty() ? DEFAULT_INDEX : path.substring(path.lastIndexOf('/') + 1);
    ClusterIndexDefinition.requireName(index);
    String base = address.getScheme() + "://" + address.getRawAuthority()
        + path.substring(0, Math.max(0, path.lastIndexOf('/')));
    ClusterHttp http = new ClusterHttp(URI.create(base));
    EmbedderHolder embedder = null;
    try {
      IndexMetadata existing = new ClusterChunks(http, index).model();
      String where = http.base() + "/" + index; // without a user and password
      embedder = EmbedderHolder.resolve(existing, options, where, VectorEncoding.FLOAT32);
      Files.createDirectories(state);
      return new RelearnCluster(http, index, embedder, SessionHasher.open(state));
    } catch (IOException | RuntimeException e) {
      try (http; EmbedderHolder opened = embedder) { // closed, their failures suppressed in e
        throw e;
      }
    }
  }

  /** The cluster's address and the chunk index, as {@code http://host:9200/index}. */
  public String address() {
    return http.base() + "/" + chunks.index();
  }

  /** Whether the chunk index exists on the cluster. */
  public boolean exists() throws IOException {
    return chunks.model() != null;
  }

  /** Indexes {@code path} incrementally ({@link ClusterIndexing}), creating the index first. */
  public synchronized IndexReport index(Path path, SourceFormat format, Progress progress)
      throws IOException {
    if (chunks.model() == null) {
      chunks.create(embedder.metadata());
    }
    return ClusterIndexing.index(chunks, embedder.onDemand(), path, format, progress);
  }

  /**
   * A search in any mode: the cluster ranks, this side cuts the snippets. Hits show neutral
   * learned values.
   *
   * @throws IllegalArgumentException for a fusion other than the default
   */
  @Override
  public SearchResults search(SearchRequest request) throws IOException {
    return shown(request, false).results();
  }

  /** A learned search explained by the cluster, as {@link Relearn#explain}. */
  public ExplainedResults explain(SearchRequest request) throws IOException {
    return shown(request.withMode(SearchMode.LEARNED), true);
  }

  private ExplainedResults shown(SearchRequest request, boolean explain) throws IOException {
    if (!request.fusion().describe().equals(Fusion.byQueryClass().describe())) {
      throw new IllegalArgumentException("a cluster searches with the default fusion, not "
          + request.fusion().describe());
    }
    ClusterResults answer = searches.search(request, explain);
    Map<String, JsonNode> docs = chunks.fetch(answer.hits().stream()
        .map(ClusterHit::chunkId).toList());
    Set<String> words = Snippets.queryWords(request.text());
    List<Hit> hits = new ArrayList<>();
    List<Explanation> explanations = new ArrayList<>();
    for (ClusterHit hit : answer.hits()) {
      JsonNode doc = docs.get(hit.chunkId());
      if (doc == null) {
        continue; // deleted between the search and the fetch
      }
      hits.add(chunks.hit(hit, doc, words));
      explanations.add(hit.explanation() != null ? hit.explanation()
          : Explanation.match(hit.score(), "not explained"));
    }
    QueryClass queryClass = QueryClassifier.classify(request.text());
    return new ExplainedResults(new SearchResults(hits, answer.lexicalCandidates(),
        answer.semanticCandidates()), explanations, queryClass,
        answer.rated() != null ? answer.rated() : Weights.DEFAULT,
        explain ? feedback.trust() : Trust.PRIOR);
  }

  /** The mode a search should use when none is asked for, as {@link Relearn#defaultMode}. */
  public SearchMode defaultMode() throws IOException {
    return feedback.hasFeedback() ? SearchMode.LEARNED : SearchMode.HYBRID;
  }

  /**
   * Records feedback as {@link Relearn#feedback} does: the query is embedded and classified here,
   * the session hashed with this client's secret. A rating teaches its class's weights on the
   * cluster ({@link ClusterWeights}) once the cluster has learned the event, once per event id.
   */
  @Override
  public FeedbackAck feedback(FeedbackRequest request) throws IOException {
    Set<String> unknown = unknownChunkIds(request.used());
    FeedbackRequest.requireSomeIndexed(request.used(), unknown); // before anything is recorded
    float[] vector = embedder.queryVector(request.query());
    List<ShownResult> shown = FeedbackRecorder.shown(request, this::search);
    SignalClass signal = FeedbackRecorder.signal(request, shown);
    QueryClass queryClass = QueryClassifier.classify(request.query());
    double[] credit = request.rating() == null ? null : credit(request);
    String eventId = request.eventId() != null ? request.eventId() : UUID.randomUUID().toString();
    long now = System.currentTimeMillis();
    boolean recorded = feedback.record(new ClusterFeedbackClient.Event(eventId,
        sessions.forEvent(request.session(), eventId), vector, shown, request.used(),
        request.outcome(), signal, request.quality(), now, queryClass.label()));
    if (credit != null) { // a duplicate too, as embedded: the weights apply each rating once
      feedback.learn(false); // which creates the learned-values index the weights live in
      // keyed by the event id the cluster's events are: once, whichever client sends it
      weights.record(queryClass, request.rating().normalized(), credit, now, eventId);
    }
    return new FeedbackAck(eventId, recorded ? 0 : -1, !recorded, List.copyOf(unknown),
        Learnability.of(request.outcome(), request.quality()), signal);
  }

  /** What a rating of the request's used chunks credits each signal with; null: none shown. */
  private double[] credit(FeedbackRequest request) throws IOException {
    ClusterResults window = searches.search(SearchRequest.of(request.query())
        .withMode(SearchMode.LEARNED).withK(2 * SearchRequest.DEFAULT_CANDIDATES), true);
    List<String> ids = new ArrayList<>();
    List<double[]> contributions = new ArrayList<>();
    for (ClusterHit hit : window.hits()) {
      if (hit.contributions() == null) {
        throw new IOException("the cluster at " + address() + " explains a search without each"
            + " signal's contribution, which a rating needs: update its relearn plugin");
      }
      ids.add(hit.chunkId());
      contributions.add(hit.contributions());
    }
    return RatingLearner.credit(request.used(), ids, contributions);
  }

  /** Has the cluster learn from every event so far now, refitting the trust when due. */
  @Override
  public void awaitLearning() throws IOException {
    feedback.learn(false);
  }

  /** Has the cluster learn from every event so far and refit the trust now. */
  @Override
  public void learnNow() throws IOException {
    feedback.learn(true);
  }

  /** The ids among {@code ids} that the chunk index does not hold. */
  public Set<String> unknownChunkIds(Collection<String> ids) throws IOException {
    return chunks.unknown(ids);
  }

  /** Forgets one session's feedback on the cluster and what it taught; returns the events. */
  public long forgetSession(String session) throws IOException {
    EngineFeedback.requireSession(session);
    return feedback.forget(sessions.hash(session));
  }

  /** Forgets all feedback on the cluster (of every chunk index) and this index's rated weights. */
  public long forgetAll() throws IOException {
    long forgot = feedback.forget(null);
    weights.reset(null);
    return forgot;
  }

  @Override
  public AdaptiveWeights weights() throws IOException { // a snapshot of the cluster's document
    return weights.load();
  }

  @Override
  public void resetWeights(QueryClass queryClass) throws IOException {
    weights.reset(queryClass);
  }

  /** Applies historical ratings, as {@link Relearn#seedWeights}, on the cluster; how many. */
  @Override
  public int seedWeights(Path historicalRatings) throws IOException {
    feedback.learn(false); // which creates the learned-values index the weights live in
    return weights.seed(historicalRatings);
  }

  /** The trust the cluster last fit, as {@link Relearn#trust} (no history is kept there). */
  @Override
  public TrustState trust() throws IOException {
    return TrustState.of(feedback.trust());
  }

  /** What the chunk index holds, as {@link Relearn#stats}; feedback bytes are not counted. */
  public IndexStats stats() throws IOException {
    IndexMetadata model = chunks.model();
    if (model == null) {
      throw new IllegalArgumentException("no chunk index " + address() + "; create one with:"
          + " relearn index --cluster " + address() + " PATH");
    }
    ClusterChunks.Stats s = chunks.stats(); // the cluster keeps no record of unfinished runs
    return new IndexStats(address(), model.modelId(), model.dimension(), s.chunks(), s.kinds(),
        s.origins().size(), s.origins(), Set.of(), s.segments(), s.bytes(), 0);
  }

  /** Releases the model and the HTTP client; the cluster is left as it is. */
  @Override
  public void close() {
    try (http) {
      embedder.close();
    }
  }
}
