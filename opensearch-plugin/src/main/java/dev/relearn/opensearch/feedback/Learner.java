package dev.relearn.opensearch.feedback;

import java.io.Closeable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.core.action.ActionListener;
import org.opensearch.transport.client.Client;

/**
 * The one thread that learns from events, {@code relearn-learner}, on every node; it works only
 * on the elected cluster-manager. Every {@link #INTERVAL_MILLIS} ms there it expires the events
 * past their time to live and learns the new ones ({@link EventLearning}); {@link
 * TransportLearningAction} runs a pass or a forget on it at once. One task at a time, so that no
 * two recomputations of a chunk race. When the cluster-manager is lost, the next one elected
 * takes over: events not yet marked learned are learned there, and a pass interrupted half-way is
 * repeated (recomputing is idempotent).
 */
public final class Learner implements Closeable {
  /** Milliseconds between passes on the cluster-manager. */
  public static final long INTERVAL_MILLIS = 1_000;

  private static final Logger LOG = LogManager.getLogger(Learner.class);

  private final EventLearning learning;
  private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
      Thread.ofPlatform().daemon().name("relearn-learner").factory());
  private volatile boolean clusterManager;

  /** Starts the periodic passes, which do nothing until this node is the cluster-manager. */
  public Learner(Client client, ClusterService clusterService) {
    this.learning = new EventLearning(client);
    clusterService.addListener(event -> clusterManager = event.localNodeClusterManager());
    thread.scheduleWithFixedDelay(this::pass, INTERVAL_MILLIS, INTERVAL_MILLIS,
        TimeUnit.MILLISECONDS);
  }

  private void pass() {
    if (!clusterManager) {
      return;
    }
    try {
      learning.pass(System.currentTimeMillis());
    } catch (RuntimeException e) { // the events stay unlearned: the next pass retries them
      LOG.warn("relearn: learning from feedback events failed; retrying in "
          + INTERVAL_MILLIS + " ms", e);
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
