package io.llmfailover.e2e;

import io.llmfailover.e2e.FaultServer.Behaviour;
import java.io.IOException;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;

/**
 * Vertex AI backups the agent reaches with Google's Application Default Credentials: a service
 * account's key file, {@code GOOGLE_APPLICATION_CREDENTIALS} in the child's environment, whose
 * {@code token_uri} is a {@link GoogleTokenEndpoint} on loopback. A backup answers only a call in
 * Vertex's shape ({@link VertexCall}) that bears a token the endpoint granted and that has not expired.
 */
final class GoogleBackupIdentity implements BackupCredential {

    private final GoogleTokenEndpoint tokens;
    private final Path keyFile;
    private final VertexCall calls = new VertexCall();

    GoogleBackupIdentity(Path workDir) throws IOException, NoSuchAlgorithmException {
        tokens = new GoogleTokenEndpoint();
        keyFile = tokens.writeKeyFile(workDir.resolve("service-account.json"));
    }

    @Override
    public ConfigFile authorise(ConfigFile config, String backup) {
        return config.set("provider." + backup + ".auth", "google");
    }

    @Override
    public ChildJvm provide(ChildJvm child) {
        return child.env("GOOGLE_APPLICATION_CREDENTIALS", keyFile.toString());
    }

    @Override
    public Behaviour guard(ChatWire wire, Behaviour backup) {
        return exchange -> {
            if (!tokens.authorises(exchange.request().headers().get("authorization"))) {
                exchange.respond(401, "application/json", ChatWire.GEMINI.errorBody(401, "unauthenticated",
                        "Request had invalid authentication credentials."));
            } else if (!calls.shaped(wire, exchange.request())) {
                exchange.respond(404, "application/json", ChatWire.GEMINI.errorBody(404, "not_found",
                        "not a Vertex AI call: " + exchange.request().method() + " " + exchange.request().path()));
            } else {
                backup.answer(exchange);
            }
        };
    }

    @Override
    public String secret() {
        return tokens.token();
    }

    @Override
    public void close() {
        tokens.close();
    }
}
