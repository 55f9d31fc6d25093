import { CommandError, type CommandRecord } from './context.ts';

const COMPRESSIONS = new Set(['zlib', 'none']);

/** `set_primal_protocol {compression: 'zlib'}`: stored per connection; answers with just EOSE (protocol §1.3). */
export const coreProtocolCommands: CommandRecord = {
  set_primal_protocol: async (ctx, payload) => {
    const compression = payload.compression;
    if (compression !== undefined && (typeof compression !== 'string' || !COMPRESSIONS.has(compression))) {
      throw new CommandError('unsupported compression');
    }
    ctx.connection.protocol = { ...payload };
    return [];
  },
};
