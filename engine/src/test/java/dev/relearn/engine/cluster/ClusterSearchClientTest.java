package dev.relearn.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.lucene.embed.Embedder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cluster client sends vectors, terms and a class, never the query's text; credentials in the
 * address as basic authentication, never in a message.
 */
class ClusterSearchClientTest {
  private static final String QUERY = "How do I parse the HTTP request?";
  private static final Embedder UNIT = new Embedder() {
    @Override
    public String modelId() {
      return "fixed-2";
    }

    @Override
    public int dimension() {
      return 2;
    }

    @Override
    public float[] embedQuery(String query) {
      return new float[] {0.6f, 0.8f};
    }

    @Override
    public float[] embedDocument(String text) {
      return embedQuery(text);
    }
  };

  private final List<String> bodies = new CopyOnWriteArrayList<>();
  private final List<String> paths = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private HttpServer server;
  private volatile int status = 200;
  private volatile boolean missing; // answer a 404 as OpenSearch does for a missing index

  @BeforeEach
  void startFakeCluster() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      paths.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
      bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
      byte[] answer = (status == 200
          ? "{\"lexical_count\":2,\"semantic_count\":2,\"hits\":[{\"id\":\"c002\",\"score\":0.9},"
              + "{\"id\":\"c001\",\"score\":0.4}]}"
          : missing ? "{\"error\":{\"type\":\"index_not_found_exception\"}}"
          : "{\"error\":\"no such index [chunks]\"}").getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(status, answer.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(answer);
      }
    });
    server.start();
  }

  @AfterEach
  void stopFakeCluster() {
    server.stop(0);
  }

  private ClusterSearchClient client() {
    return new ClusterSearchClient(new ClusterHttp(URI.create("http://127.0.0.1:"
        + server.getAddress().getPort())), "chunks", UNIT);
  }

  @Test
  void sendsVectorTermsAndClassButNeverTheText() throws Exception {
    List<ClusterHit> hits = client().search(SearchRequest.of(QUERY)
        .withMode(SearchMode.LEARNED).withFilterLabel("docs/", "markdown"), false).hits();

    assertEquals(List.of(new ClusterHit("c002", 0.9, null, null, null, null, null),
        new ClusterHit("c001", 0.4, null, null, null, null, null)), hits);

    assertEquals(List.of("POST /chunks/_relearn/search"), paths);
    String body = bodies.get(0);
    assertTrue(body.contains("\"vector\":[0.6,0.8]"), body);
    assertTrue(body.contains("\"http\":1") && body.contains("\"request\":1"), body);
    assertTrue(body.contains("\"query_class\":\"question\",\"mode\":\"learned\",\"k\":10,"
        + "\"candidates\":100,\"path_prefix\":\"docs/\",\"kind\":\"markdown\""), body);
    String lower = body.toLowerCase(Locale.ROOT);
    assertFalse(lower.contains(QUERY.toLowerCase(Locale.ROOT)), body);
    assertFalse(lower.contains("parse the"), "no run of the text's words: " + body);
    assertFalse(lower.contains("\"the\""), "no stop word, which only the text has: " + body);
    assertTrue(body.contains("{\"do\":1,\"how\":1,\"http\":1,\"i\":1,\"pars\":1,"
        + "\"request\":1}"), "terms sorted, not in the text's order: " + body);
  }

  @Test
  void aRefusalNamesTheStatusAndAnswerButNotTheQuery() {
    status = 404;
    IOException refused = assertThrows(IOException.class, () -> client().search(
        SearchRequest.of(QUERY), false));

    assertTrue(refused.getMessage().contains("404")
        && refused.getMessage().contains("no such index [chunks]"), refused.getMessage());
    assertFalse(refused.getMessage().contains("parse"), refused.getMessage());
    missing = true;
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> client().search(SearchRequest.of(QUERY), false));
    assertEquals("no chunk index http://127.0.0.1:" + server.getAddress().getPort() + "/chunks;"
        + " create one with: relearn index --cluster http://127.0.0.1:"
        + server.getAddress().getPort() + "/chunks PATH", none.getMessage());
  }

  @Test
  void aUserInTheAddressIsSentAsBasicAuthenticationAndNeverShown() throws Exception {
    ClusterHttp http = new ClusterHttp(URI.create("http://ops:s%40cret@127.0.0.1:"
        + server.getAddress().getPort()));
    new ClusterSearchClient(http, "chunks", UNIT).search(SearchRequest.of(QUERY), false);
    assertEquals(List.of("Basic " + Base64.getEncoder().encodeToString(
        "ops:s@cret".getBytes(StandardCharsets.UTF_8))), authorizations);
    assertEquals("http://127.0.0.1:" + server.getAddress().getPort(), http.base().toString());
    status = 404;
    IOException refused = assertThrows(IOException.class, () -> new ClusterSearchClient(http,
        "chunks", UNIT).search(SearchRequest.of(QUERY), false));
    assertFalse(refused.getMessage().contains("cret"), refused.getMessage());
    IOException unknown = assertThrows(IOException.class, () -> new ClusterHttp(URI.create(
        "http://ops:secret@no-such-host.invalid:9200")).getOrNull("/chunks"));
    assertTrue(unknown.getMessage().startsWith("cannot reach the cluster at"
        + " http://no-such-host.invalid:9200 (GET /chunks): ") && unknown.getMessage()
        .endsWith("(unknown host)"), unknown.getMessage());
    assertFalse(unknown.getMessage().contains("secret"), unknown.getMessage());
  }

  @Test
  void aClusterThatIsNotRunningIsSaidToRefuseTheConnection() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort(); // nothing listens there once it is closed
    }
    IOException refused = assertThrows(IOException.class, () -> new ClusterHttp(URI.create(
        "http://127.0.0.1:" + port)).getOrNull("/chunks"));
    assertEquals("cannot reach the cluster at http://127.0.0.1:" + port + " (GET /chunks):"
        + " ConnectException (connection refused: is the cluster running?)",
        refused.getMessage());
  }
}
