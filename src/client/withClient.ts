import type { Client } from "./client";

/** Runs `action` with `client`, closing the client however the action ends (the one-off functions, the CLI). */
export async function withClient<T>(client: Client, action: (client: Client) => Promise<T>): Promise<T> {
  try {
    return await action(client);
  } finally {
    await client.aclose();
  }
}
