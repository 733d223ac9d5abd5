import { z } from 'zod';

/** What an Excel import answers (201): how many rows went in. */
export const importedSchema = z.object({ imported: z.number() });
export type Imported = z.infer<typeof importedSchema>;
