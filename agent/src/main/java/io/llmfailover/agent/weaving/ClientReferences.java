package io.llmfailover.agent.weaving;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The clients that an app's own class, as it loads, says are about to be used by naming one of
 * their {@link ClientModule#referencedTypeNames()}: for a client of the JDK itself, such as
 * {@code HttpURLConnection}, whose hooked classes load only inside the app's first call, the app's
 * class that casts to it loads sooner.
 */
final class ClientReferences {

    private final List<ClientModule> clientOfName = new ArrayList<>();
    private final ConstantPoolNames names;

    ClientReferences(List<ClientModule> clients) {
        List<String> internalNames = new ArrayList<>();
        for (ClientModule client : clients) {
            for (String typeName : client.referencedTypeNames()) {
                internalNames.add(typeName.replace('.', '/'));
                clientOfName.add(client);
            }
        }
        this.names = new ConstantPoolNames(internalNames);
    }

    /** The client the class file names, or null. */
    ClientModule namedBy(byte[] classFile) {
        int named = clientOfName.isEmpty() ? -1 : names.firstNamedIn(classFile);
        return named < 0 ? null : clientOfName.get(named);
    }

    /** Whether a client named this way is still not among those in use. */
    boolean anyBeyond(Set<ClientModule> inUse) {
        return !inUse.containsAll(clientOfName);
    }
}
