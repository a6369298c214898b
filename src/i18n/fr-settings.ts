/** French texts of the settings area (instituts, niveaux, classes, modules, données); part of `fr`. */
export const frSettings = {} as const;
