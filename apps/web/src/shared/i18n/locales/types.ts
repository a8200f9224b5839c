/** The same shape with every leaf a string (the other languages of an English source). */
export type DeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
