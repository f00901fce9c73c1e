package dev.relearn.feedback.index;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.EvidenceCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.Learnability;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.ChunkIds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.util.BytesRef;

/**
 * Everything derived from the events index, in memory: the events' ids, the query clusters
 * ({@link ClusterTable}), the chunk renames and compaction merges, the newest events' summaries.
 * Built by one {@link #scan} in recording order (so it is what recording one by one built), then
 * added to by the writer's {@link FeedbackIndex}, one write at a time.
 */
public final class RecordedEvents {
  private final FeedbackIndexConfig config;
  private final ClusterTable clusters;
  private final Map<String, Recorded> eventIds = new ConcurrentHashMap<>();
  private final RecentEvents recent = new RecentEvents();
  private final ChunkRenames chunkRenames = new ChunkRenames();
  private final Map<String, String> clusterLinks = new HashMap<>();
  private final Set<String> namedChunks = new HashSet<>();
  private final Set<String> namedClusters = new HashSet<>();
  private long nextSeq;

  private RecordedEvents(FeedbackIndexConfig config) {
    this.config = config;
    this.clusters = new ClusterTable(config);
  }

  /**
   * What an acknowledgement says of a recorded event, which a retry under its id is answered with
   * (one shared instance per pair, so the map of ids costs no more than a set).
   */
  public record Recorded(SignalClass signal, Learnability learnability) {
    private static final Recorded[][] ALL = new Recorded[SignalClass.values().length][];

    static {
      for (SignalClass signal : SignalClass.values()) {
        ALL[signal.ordinal()] = Arrays.stream(Learnability.values())
            .map(learnability -> new Recorded(signal, learnability)).toArray(Recorded[]::new);
      }
    }

    /** What {@code event} is recorded as. */
    public static Recorded of(FeedbackEvent event) {
      return ALL[event.signal().ordinal()][event.learnability().ordinal()];
    }
  }

  /** One event as the learned fields are computed from it. */
  public record Entry(String sessionHash, long timeMillis, Map<String, ChunkEvidence> evidence) {}

  /** One event as the index stores it. */
  record Stored(long seq, FeedbackEvent event, Map<String, ChunkEvidence> evidence,
      String joined) {}

  /**
   * What {@code reader}'s events and links hold, rebuilt in recording order, giving {@code
   * scanned} each event as {@link #forEachEvent} would; {@code folder} is named when a document
   * cannot be decoded, or when the vectors' dimension is not the config's.
   */
  public static RecordedEvents scan(DirectoryReader reader, FeedbackIndexConfig config,
      Path folder, Consumer<Entry> scanned) throws IOException {
    RecordedEvents state = new RecordedEvents(config);
    EventDocuments.inRecordingOrder(reader, folder, doc -> {
      String from = doc.get(EventFields.LINK_FROM);
      if (from.startsWith(EventFields.CHUNK)) {
        state.chunkRenames.put(from.substring(EventFields.CHUNK.length()),
            doc.get(EventFields.LINK_TO));
      } else {
        state.clusterLinks.put(from.substring(EventFields.CLUSTER.length()),
            doc.get(EventFields.LINK_TO));
      }
    }, RecordedEvents::stored, event -> {
      state.add(event, RenamedEvidence.current(state.clusterLinks, event.joined()));
      state.nextSeq = event.seq() + 1;
      scanned.accept(new Entry(event.event().sessionHash(), event.event().timestampMillis(),
          state.current(event.evidence())));
    });
    state.clusters.publishDerived();
    state.chunkRenames.resolveAll();
    return state;
  }

  private static Stored stored(Document doc) {
    return new Stored(doc.getField(EventFields.SEQ).numericValue().longValue(), decoded(doc),
        EvidenceCodec.decodeChunks(doc.getBinaryValue(EventFields.EVIDENCE)),
        doc.get(EventFields.JOINED));
  }

  private static FeedbackEvent decoded(Document doc) {
    return EventCodec.decode(BytesRef.deepCopyOf(doc.getBinaryValue(EventFields.EVENT)).bytes);
  }

  /** Adds a recorded event to cluster {@code clusterId} (not yet published to lookups). */
  synchronized Cluster add(Stored stored, String clusterId) {
    FeedbackEvent event = stored.event();
    if (event.queryVector().length != config.dimension()) {
      throw new IllegalStateException("the feedback events hold query vectors of "
          + event.queryVector().length + " dimensions; the configuration expects "
          + config.dimension() + ": they were recorded with another embedding model. Move the"
          + " feedback folder away (the index keeps its chunks and starts learning afresh) or"
          + " open the index with the model it was recorded with");
    }
    Map<String, ChunkEvidence> evidence = new LinkedHashMap<>(); // one instance of each id
    stored.evidence().forEach((chunk, value) -> evidence.put(ChunkIds.canonical(chunk), value));
    String shared = clusterId.intern();
    Cluster cluster = clusters.join(shared, event,
        UnitVectors.copy(event.queryVector(), config.dimension(), "event " + event.eventId()),
        evidence);
    eventIds.put(event.eventId(), Recorded.of(event));
    recent.add(EventSummary.of(event));
    namedChunks.addAll(evidence.keySet());
    namedClusters.add(stored.joined().intern());
    return cluster;
  }

  /**
   * Stops what keeps this state's lookups fast in the background (its centroid graph's linking),
   * once a newer state replaces it; lookups on it still answer, scanning what the graph lacks.
   */
  public void retire() {
    clusters.retire();
  }

  /** How much {@code session} counts: {@link SessionBudget#share(String)}. */
  public double sessionShare(String session) {
    return clusters.sessionShare(session);
  }

  /** The table of clusters, which the writer changes under its own lock. */
  ClusterTable table() {
    return clusters;
  }

  /** The sequence number of the next event recorded. */
  synchronized long nextSeq() {
    return nextSeq++;
  }

  /** Whether {@code eventId} is recorded (and not forgotten or expired). */
  public boolean contains(String eventId) {
    return eventIds.containsKey(Objects.requireNonNull(eventId, "eventId"));
  }

  /** What event {@code eventId} was recorded as, or null when it is not recorded. */
  public Recorded recorded(String eventId) {
    return eventIds.get(Objects.requireNonNull(eventId, "eventId"));
  }

  /** The clusters, in the order they were founded. */
  public List<Cluster> clusters() {
    return clusters.clusters();
  }

  /** How many events there are. */
  public int events() {
    return eventIds.size();
  }

  /**
   * Records a chunk rename (not its document); {@code to}, current again, leads nowhere. Says
   * what that did to the evidence recorded so far.
   */
  synchronized RenameEffect rename(String from, String to) {
    return chunkRenames.rename(from, to, namedChunks);
  }

  /** The links of {@code kind} that nothing recorded goes through any more. */
  synchronized Set<String> deadLinks(String kind) {
    boolean chunk = kind.equals(EventFields.CHUNK);
    Map<String, String> links = chunk ? chunkRenames.links() : clusterLinks;
    Set<String> dead = new HashSet<>(links.keySet());
    dead.removeAll(RenamedEvidence.needed(links, chunk ? namedChunks : namedClusters));
    return dead;
  }

  /**
   * Calls {@code action} with every event of {@code reader} (of this state's index, seeing what it
   * holds), chunk ids renamed to their current ids: read from the index, not kept in memory.
   */
  synchronized void forEachEvent(DirectoryReader reader, Path folder, Consumer<Entry> action)
      throws IOException {
    EventDocuments.forEachLive(reader, folder, doc -> {
      if (doc.get(EventFields.LINK_FROM) != null) {
        return null;
      }
      FeedbackEvent event = decoded(doc);
      return new Entry(event.sessionHash(), event.timestampMillis(),
          current(EvidenceCodec.decodeChunks(doc.getBinaryValue(EventFields.EVIDENCE))));
    }, action);
  }

  /** {@code evidence} with each renamed chunk id replaced by its current id (summed). */
  synchronized Map<String, ChunkEvidence> current(Map<String, ChunkEvidence> evidence) {
    Map<String, ChunkEvidence> current = new LinkedHashMap<>();
    evidence.forEach((chunk, value) ->
        current.merge(RenamedEvidence.current(chunkRenames.links(), chunk), value,
            ChunkEvidence::plus));
    return current;
  }

  /**
   * What similar past queries taught, renamed chunks under their current ids, without the
   * clusters any of {@code skipped} contributed to; {@code queryVector} as the events' (protected
   * when they are), of their dimension.
   */
  public List<PastQuery> similar(float[] queryVector, float minSimilarity, int max,
      Collection<String> skipped) {
    Objects.requireNonNull(queryVector, "queryVector");
    if (Float.isNaN(minSimilarity) || max < 0) {
      throw new IllegalArgumentException("need a minSimilarity and max >= 0, got: minSimilarity="
          + minSimilarity + ", max=" + max);
    }
    float[] unit = UnitVectors.copy(queryVector, config.dimension(), "query");
    if (max == 0) {
      return List.of();
    }
    return RenamedEvidence.follow(clusters.similar(unit, minSimilarity, max, skipped,
        config.clock().millis()), chunkRenames.resolved());
  }

  /** The newest {@code limit} events' summaries, newest first. */
  public synchronized List<EventSummary> recent(int limit) {
    return recent.newest(limit);
  }

  /** Counts over every cluster. */
  public FeedbackStats stats() {
    return FeedbackStats.of(clusters());
  }

  /** How many chunks the events' evidence names, each under its current id. */
  public synchronized int chunks() {
    return (int) namedChunks.stream().map(id -> RenamedEvidence.current(chunkRenames.links(), id))
        .distinct().count();
  }
}
