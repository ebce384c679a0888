package io.llmfailover.e2e;

import io.llmfailover.e2e.FaultServer.Behaviour;

/**
 * How the agent authorises itself to the backups of one column of the fault matrix: a static key
 * ({@link StaticBackupKey}), or a cloud identity the backups check ({@link GoogleBackupIdentity}).
 */
interface BackupCredential extends AutoCloseable {

    /** The settings of the provider {@code backup} that give the agent this credential. */
    ConfigFile authorise(ConfigFile config, String backup);

    /** What the child JVM's environment holds for it: the key's variable, or the identity's key file. */
    ChildJvm provide(ChildJvm child);

    /** What a backup of {@code wire} does: {@code backup}'s answer to a request this credential authorised, a refusal to any other. */
    Behaviour guard(ChatWire wire, Behaviour backup);

    /** What the agent sends to the backups with it, which must reach no other host: the key, or the access token. */
    String secret();

    @Override
    default void close() {}
}
