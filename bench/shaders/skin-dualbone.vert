#version 100
// Two bones, each as a rotation quaternion and a translation.
attribute vec3 position;
attribute vec3 normal;
attribute vec2 bone_index;
attribute float bone_weight;
uniform mat4 u_view_projection;
uniform vec4 u_bone_rot[16];
uniform vec3 u_bone_pos[16];
varying vec3 v_normal;

vec3 rotate(vec4 q, vec3 v)
{
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

void main()
{
    int a = int(bone_index.x);
    int b = int(bone_index.y);
    vec3 pa = rotate(u_bone_rot[a], position) + u_bone_pos[a];
    vec3 pb = rotate(u_bone_rot[b], position) + u_bone_pos[b];
    vec3 na = rotate(u_bone_rot[a], normal);
    vec3 nb = rotate(u_bone_rot[b], normal);
    vec3 p = mix(pb, pa, bone_weight);
    v_normal = normalize(mix(nb, na, bone_weight));
    gl_Position = u_view_projection * vec4(p, 1.0);
}
