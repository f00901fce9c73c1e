package dev.relearn.opensearch.feedback;

import java.io.IOException;
import org.opensearch.action.support.ActionFilters;
import org.opensearch.action.support.clustermanager.TransportClusterManagerNodeAction;
import org.opensearch.cluster.ClusterState;
import org.opensearch.cluster.block.ClusterBlockException;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.inject.Inject;
import org.opensearch.core.action.ActionListener;
import org.opensearch.core.common.io.stream.StreamInput;
import org.opensearch.index.query.QueryBuilders;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.TransportService;

/**
 * Runs a {@link LearningRequest} on the elected cluster-manager's {@link Learner}, whichever
 * node received it: the one node whose learner works, so that a forget never races a pass.
 */
public final class TransportLearningAction
    extends TransportClusterManagerNodeAction<LearningRequest, LearningAction.Response> {
  private final Learner learner;

  /** Made by the node's injector. */
  @Inject
  public TransportLearningAction(TransportService transportService,
      ClusterService clusterService, ThreadPool threadPool, ActionFilters filters,
      IndexNameExpressionResolver resolver, Learner learner) {
    super(LearningAction.NAME, transportService, clusterService, threadPool, filters,
        LearningRequest::new, resolver);
    this.learner = learner;
  }

  @Override
  protected String executor() {
    return ThreadPool.Names.SAME; // the learner's thread does the work
  }

  @Override
  protected LearningAction.Response read(StreamInput in) throws IOException {
    return new LearningAction.Response(in);
  }

  @Override
  protected void clusterManagerOperation(LearningRequest request, ClusterState state,
      ActionListener<LearningAction.Response> listener) {
    learner.run(learning -> switch (request.operation()) {
      case LEARN -> answer(learning.pass(System.currentTimeMillis(), true));
      case LEARN_WHEN_DUE -> answer(learning.pass(System.currentTimeMillis(), false));
      case FORGET_SESSION -> new LearningAction.Response(learning.forget(
          QueryBuilders.termQuery("session", request.session())), 0);
      case FORGET_ALL -> new LearningAction.Response(
          learning.forget(QueryBuilders.matchAllQuery()), 0);
    }, listener);
  }

  private static LearningAction.Response answer(EventLearning.Pass pass) {
    return new LearningAction.Response(pass.learned(), pass.skipped());
  }

  @Override
  protected ClusterBlockException checkBlock(LearningRequest request, ClusterState state) {
    return null; // its reads and writes check their own blocks
  }
}
