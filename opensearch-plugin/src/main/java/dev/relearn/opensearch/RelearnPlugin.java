package dev.relearn.opensearch;

import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.opensearch.search.RelearnSearchAction;
import dev.relearn.opensearch.search.RestRelearnSearchAction;
import dev.relearn.opensearch.search.TransportRelearnSearchAction;
import dev.relearn.opensearch.feedback.FeedbackEventAction;
import dev.relearn.opensearch.feedback.FeedbackEvents;
import dev.relearn.opensearch.feedback.RestFeedbackEventAction;
import dev.relearn.opensearch.feedback.TransportFeedbackEventAction;
import dev.relearn.opensearch.feedback.Learner;
import dev.relearn.opensearch.feedback.LearningAction;
import dev.relearn.opensearch.feedback.TransportLearningAction;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.core.common.io.stream.NamedWriteableRegistry;
import org.opensearch.core.xcontent.NamedXContentRegistry;
import org.opensearch.env.Environment;
import org.opensearch.env.NodeEnvironment;
import org.opensearch.repositories.RepositoriesService;
import org.opensearch.script.ScriptService;
import org.opensearch.threadpool.ThreadPool;
import org.opensearch.transport.client.Client;
import org.opensearch.watcher.ResourceWatcherService;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.opensearch.action.ActionRequest;
import org.opensearch.cluster.metadata.IndexNameExpressionResolver;
import org.opensearch.cluster.node.DiscoveryNodes;
import org.opensearch.common.settings.ClusterSettings;
import org.opensearch.common.settings.IndexScopedSettings;
import org.opensearch.common.settings.Setting;
import org.opensearch.common.settings.Settings;
import org.opensearch.common.settings.SettingsFilter;
import org.opensearch.core.action.ActionResponse;
import org.opensearch.plugins.ActionPlugin;
import org.opensearch.rest.RestController;
import org.opensearch.rest.RestHandler;
import org.apache.lucene.analysis.Analyzer;
import org.opensearch.index.IndexModule;
import org.opensearch.index.analysis.AnalyzerProvider;
import org.opensearch.index.mapper.Mapper;
import org.opensearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.opensearch.plugins.AnalysisPlugin;
import org.opensearch.plugins.MapperPlugin;
import org.opensearch.plugins.Plugin;
import org.opensearch.plugins.SearchPlugin;
import org.opensearch.plugins.SystemIndexPlugin;
import org.opensearch.indices.SystemIndexDescriptor;

/**
 * relearn on OpenSearch: the {@value RelearnVectorFieldMapper#CONTENT_TYPE} field and its {@value
 * RelearnKnnQueryBuilder#NAME} query, relearn's analyzers ({@link RelearnAnalyzers}), and BM25
 * with relearn's k1 and b as the similarity {@value #SIMILARITY}, so that the same text scores as
 * it does embedded; and the learned search, {@code POST /{index}/_relearn/search} ({@link
 * RelearnSearchAction}); and {@code POST /_relearn/feedback}, which records events in the system
 * index {@value FeedbackEvents#INDEX}, from which the elected cluster-manager's {@link Learner}
 * derives learned values and past queries.
 */
public final class RelearnPlugin extends Plugin implements ActionPlugin, AnalysisPlugin,
    MapperPlugin, SearchPlugin, SystemIndexPlugin {
  /** The similarity name: Lucene's BM25 with {@link ChunkSchema#BM25_K1} and {@link
   * ChunkSchema#BM25_B} (OpenSearch's own {@code BM25} type is a different formula). */
  public static final String SIMILARITY = "relearn_bm25";

  private Learner learner;

  /** Made by the node, once, from the plugin descriptor. */
  public RelearnPlugin() {
  }

  @Override
  public Collection<Object> createComponents(Client client, ClusterService clusterService,
      ThreadPool threadPool, ResourceWatcherService watcher, ScriptService scripts,
      NamedXContentRegistry xContent, Environment environment, NodeEnvironment nodeEnvironment,
      NamedWriteableRegistry writeables, IndexNameExpressionResolver resolver,
      Supplier<RepositoriesService> repositories) {
    learner = new Learner(client, clusterService, environment.settings());
    return List.of(learner);
  }

  @Override
  public List<Setting<?>> getSettings() {
    return List.of(Learner.INTERVAL);
  }

  @Override
  public void close() {
    if (learner != null) {
      learner.close();
    }
  }

  @Override
  public Map<String, Mapper.TypeParser> getMappers() {
    return Map.of(RelearnVectorFieldMapper.CONTENT_TYPE, RelearnVectorFieldMapper.PARSER);
  }

  @Override
  public Map<String, AnalysisProvider<AnalyzerProvider<? extends Analyzer>>> getAnalyzers() {
    return RelearnAnalyzers.providers();
  }

  @Override
  public List<QuerySpec<?>> getQueries() {
    return List.of(new QuerySpec<>(RelearnKnnQueryBuilder.NAME, RelearnKnnQueryBuilder::new,
        RelearnKnnQueryBuilder::fromXContent));
  }

  @Override
  public List<ActionHandler<? extends ActionRequest, ? extends ActionResponse>> getActions() {
    return List.of(
        new ActionHandler<>(RelearnSearchAction.INSTANCE, TransportRelearnSearchAction.class),
        new ActionHandler<>(FeedbackEventAction.INSTANCE, TransportFeedbackEventAction.class),
        new ActionHandler<>(LearningAction.INSTANCE, TransportLearningAction.class));
  }

  @Override
  public List<RestHandler> getRestHandlers(Settings settings, RestController controller,
      ClusterSettings clusterSettings, IndexScopedSettings indexScopedSettings,
      SettingsFilter settingsFilter, IndexNameExpressionResolver resolver,
      Supplier<DiscoveryNodes> nodes) {
    return List.of(new RestRelearnSearchAction(), new RestFeedbackEventAction());
  }

  @Override
  public Collection<SystemIndexDescriptor> getSystemIndexDescriptors(Settings settings) {
    return List.of(new SystemIndexDescriptor(FeedbackEvents.INDEX, "relearn's feedback events"));
  }

  @Override
  public void onIndexModule(IndexModule indexModule) {
    indexModule.addSimilarity(SIMILARITY, (settings, version, scripts) -> ChunkSchema.similarity());
  }
}
