/*
 * main.c — attn-runner's entry: reads the command name and dispatches to its run_* function.
 * The request and answer formats are in runner.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

static const struct {
    const char *name;
    int (*run)(void);
} commands[] = {
    {"attention", run_attention},
    {"matmul", run_matmul},
    {"normals", run_normals},
    {"score_stats", run_score_stats},
    {"saturation", run_saturation},
    {"score_gaps", run_score_gaps},
    {"saturation_gaps", run_saturation_gaps},
    {"mask", run_mask},
    {"mask_add", run_mask_add},
    {"mask_allowed", run_mask_allowed},
    {"zero_blocked", run_zero_blocked},
    {"row_stats", run_row_stats},
    {"positions", run_positions},
    {"rope", run_rope},
    {"positioned", run_positioned},
    {"embedding", run_embedding},
    {"multihead", run_multihead},
    {"cost", run_cost},
    {"corpus", run_corpus},
    {"train", run_train},
    {"gemm", run_gemm},
    {"gemm_ex", run_gemm_ex},
    {"flash", run_flash},
    {"lookup", run_lookup},
    {"hull", run_hull},
    {"bottleneck", run_bottleneck},
};

float *read_floats(size_t count) {
    float *x = malloc(count * sizeof(float) + 1);
    if (!x || fread(x, sizeof(float), count, stdin) != count) {
        fprintf(stderr, "attn-runner: expected %zu floats on stdin\n", count);
        exit(2);
    }
    return x;
}

void write_int(int32_t value) { fwrite(&value, sizeof value, 1, stdout); }
void write_floats(const float *x, size_t count) { fwrite(x, sizeof(float), count, stdout); }
void write_doubles(const double *x, size_t count) { fwrite(x, sizeof(double), count, stdout); }

int main(void) {
    char command[32];
    if (scanf("%31s", command) != 1) return 2;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(command, commands[i].name) == 0) return commands[i].run();
    fprintf(stderr, "attn-runner: unknown command %s\n", command);
    return 2;
}
