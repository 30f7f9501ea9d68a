import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  default_expr: string | null;
  type: string;
  type_schema: string;
  comment: string | null;
}

/**
 * Kysely's PostgreSQL introspector reads every column of every schema in the database and
 * names each schema as text to `has_schema_privilege` and `pg_get_serial_sequence`: a schema
 * another session drops meanwhile fails the whole read with `schema "…" does not exist`. Its
 * migrator asks it at every start whether the migration tables exist, so another
 * application's (or another test's) DROP SCHEMA in a shared database could fail a start.
 * This one reads only the schemas on the connection's search path (ours), and calls functions
 * only on their rows, by OID.
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  /** The schemas' names only (pg_namespace, no functions): safe beside a DROP SCHEMA. */
  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.#db).getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, ns.nspname as schema, c.relkind as kind, a.attname as column,
        a.attnotnull as not_null, a.atthasdef as has_default, a.attidentity as identity,
        pg_get_expr(d.adbin, d.adrelid) as default_expr, typ.typname as type,
        tns.nspname as type_schema, col_description(c.oid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where c.relkind in ('r', 'v', 'p') and ns.nspname = any(current_schemas(false))
      order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      const key = `${row.schema}.${row.table}`;
      let table = tables.get(key);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(key, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        hasDefaultValue: row.has_default,
        // an identity column, or a serial (its default draws from a sequence)
        isAutoIncrementing: row.identity !== '' || Boolean(row.default_expr?.startsWith('nextval(')),
        isNullable: !row.not_null,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect with the introspector above. */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
