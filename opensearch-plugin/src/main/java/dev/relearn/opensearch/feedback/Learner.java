package dev.relearn.opensearch.feedback;

import java.io.Closeable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.opensearch.cluster.metadata.IndexMetadata;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.settings.Setting;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.unit.TimeValue;
import org.opensearch.core.action.ActionListener;
import org.opensearch.transport.client.Client;

/**
 * The one thread that learns from events, {@code relearn-learner}, on every node; it works only
 * on the elected cluster-manager. Every {@link #INTERVAL} (1 s; 0 for never) there it expires
 * the events past their time to live and learns the new ones ({@link EventLearning}); {@link
 * TransportLearningAction} runs a pass or a forget on it at once. One task at a time, so that no
 * two passes race. When the cluster-manager is lost, the next one elected
 * takes over: events not yet marked learned are learned there, and a pass interrupted half-way is
 * repeated (the values a pass adds are read again from the events marked learned when it fails,
 * when a node is elected, and after any index is deleted: the events or learned values, deleted
 * by hand, must not be counted again).
 */
public final class Learner implements Closeable {
  /** The node setting {@code relearn.learner.interval}: the time between passes, 0 for none. */
  public static final Setting<TimeValue> INTERVAL = Setting.timeSetting(
      "relearn.learner.interval", TimeValue.timeValueSeconds(1), TimeValue.ZERO,
      Setting.Property.NodeScope);

  private static final Logger LOG = LogManager.getLogger(Learner.class);

  private final EventLearning learning;
  private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
      Thread.ofPlatform().daemon().name("relearn-learner").factory());
  private final RepeatedFailure failures = new RepeatedFailure(); // the learner thread's
  private volatile boolean clusterManager;

  /** Starts the periodic passes, which do nothing until this node is the cluster-manager. */
  public Learner(Client client, ClusterService clusterService, Settings settings) {
    this.learning = new EventLearning(client);
    clusterService.addListener(event -> {
      boolean elected = event.localNodeClusterManager();
      if (elected && !thread.isShutdown() && (!clusterManager // others may have learned since
          || !event.indicesDeleted().isEmpty())) { // what was read from may be gone
        thread.execute(learning::reset);
      }
      clusterManager = elected;
      if (elected && !thread.isShutdown()) { // a chunk index of another model: old feedback goes
        for (String index : event.indicesCreated()) {
          IndexMetadata created = event.state().metadata().index(index);
          int dimension = created == null || created.mapping() == null ? -1
              : TransportFeedbackEventAction.dimension(created.mapping().sourceAsMap());
          if (dimension > 0) {
            thread.execute(() -> afterCreated(index, dimension));
          }
        }
      }
    });
    long interval = INTERVAL.get(settings).millis();
    if (interval > 0) {
      thread.scheduleWithFixedDelay(this::pass, interval, interval, TimeUnit.MILLISECONDS);
    }
  }

  private void pass() {
    if (!clusterManager) {
      return;
    }
    try {
      learning.pass(System.currentTimeMillis(), false);
      failures.succeeded();
    } catch (RuntimeException e) { // the events stay unlearned: the next pass retries them
      if (failures.isNew(e)) {
        LOG.warn("relearn: learning from feedback events failed; the next passes retry (the"
            + " same failure again is logged at debug)", e);
      } else {
        LOG.debug("relearn: learning from feedback events failed again", e);
      }
    }
  }

  private void afterCreated(String index, int dimension) {
    try {
      learning.afterCreated(index, dimension);
    } catch (RuntimeException e) {
      LOG.warn("relearn: forgetting the other model's feedback of new index [" + index
          + "] failed", e);
    }
  }

  /** Runs {@code task} with the learning on this node's learner thread, answering the listener. */
  <T> void run(LearningTask<T> task, ActionListener<T> listener) {
    thread.execute(() -> {
      T result;
      try {
        result = task.call(learning);
      } catch (Exception e) {
        listener.onFailure(e);
        return;
      }
      listener.onResponse(result);
    });
  }

  /** Work on the learner thread. */
  @FunctionalInterface
  interface LearningTask<T> {
    /** Does the work. */
    T call(EventLearning learning) throws Exception;
  }

  /** Stops the thread, interrupting a pass in flight (its events stay unlearned). */
  @Override
  public void close() {
    thread.shutdownNow();
    try {
      if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("relearn: the learner thread did not stop within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
