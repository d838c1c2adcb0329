/**
 * Word lists for the 吃瓜 (gossip) section and the archive articles (zh-CN). Gossip names nobody:
 * every person is an anonymous type ("某顶流男星"), as Chinese gossip accounts write. Data only.
 */

export const CHIGUA_CATEGORIES = [
  { name: '明星八卦', icon: 'mdi:star-outline', description: '娱乐圈大小事，一手瓜在这里', tags: ['爆料', '热议'] },
  { name: '网红动态', icon: 'mdi:cellphone', description: '直播、短视频与网红圈的那些事', tags: ['网红', '热议'] },
  { name: '综艺爆料', icon: 'mdi:television-classic', description: '综艺录制现场与节目背后', tags: ['综艺', '爆料'] },
  { name: '影视幕后', icon: 'mdi:filmstrip', description: '片场、选角、票房与行业传闻', tags: ['幕后', '票房'] },
] as const;

export const CHIGUA_TITLES = [
  '曝{star}与{star#2}{relation}，{detail}',
  '{star}深夜现身{location}，{reaction}',
  '{star}新剧疑似换角，{reaction}',
  '{studio}连夜发声明，回应{star}{rumor}传闻',
  '{star}片酬曝光，网友：{netizen}',
  '{show}录制现场曝光，{star}{showEvent}',
  '独家：{star}{rumor}，知情人士透露{insider}',
  '{star}社交账号突然清空，{reaction}',
  '{anchor}直播翻车，{reaction}',
  '{star}被拍到与神秘人同行，{reaction}',
  '《{movie}》拍摄现场曝光，{star}{setEvent}',
  '{anchor}单场带货破亿，{netizen}',
] as const;

export const CHIGUA_SLOTS = {
  star: [
    '某顶流男星',
    '某当红小花',
    '某知名导演',
    '某综艺咖',
    '某影帝',
    '某过气歌手',
    '某童星出身的演员',
    '某实力派女演员',
    '某选秀出道的偶像',
  ],
  anchor: ['某百万粉丝主播', '某美食博主', '某带货一姐', '某旅行博主'],
  relation: ['疑似恋情曝光', '同回酒店', '合作后交恶', '私下聚餐', '同游海岛'],
  location: ['机场', '片场', '高档餐厅', '医院', '某酒吧', '律师事务所'],
  detail: ['细节耐人寻味', '双方均未回应', '粉丝吵翻了', '已有多人实锤'],
  reaction: ['网友炸了', '粉丝连夜控评', '评论区彻底沦陷', '热搜挂了一整天', '工作室暂未回应'],
  rumor: ['婚变', '解约', '耍大牌', '隐婚生子', '片场罢工'],
  studio: ['某工作室', '某经纪公司', '某剧组'],
  netizen: ['这也太离谱了', '我酸了', '难怪最近不营业', '吃瓜吃到撑', '早就看出来了'],
  show: ['某恋爱综艺', '某户外真人秀', '某选秀节目', '某音乐综艺'],
  showEvent: ['情绪失控当场离席', '被嘉宾当众吐槽', '和导演组起争执', '意外受伤'],
  insider: ['两人早已分开', '新剧资源已经谈妥', '事情远没有那么简单', '双方正在协商'],
  setEvent: ['亲自上阵拍打戏', '和导演激烈讨论', '造型引发热议', '连拍十四个小时'],
};

/** Paragraph templates of a gossip body; a body takes 3-5 of them in this order of kinds. */
export const CHIGUA_OPENINGS = [
  '今天下午，有网友在社交平台上传了一组照片，照片中{star}{scenePhoto}，引发大量关注。',
  '据某娱乐博主爆料，{star}近期{recent}，消息一出，相关话题迅速冲上热搜。',
  '昨天深夜，一段时长不到一分钟的视频在网上疯传，视频里的人疑似{star}。',
] as const;

export const CHIGUA_MIDDLES = [
  '据知情人士透露，{insider}，只是一直没有对外公开。',
  '有眼尖的网友指出，{clue}，这一细节让不少人浮想联翩。',
  '记者第一时间联系了{studio}，对方表示“以官方消息为准”，没有正面回应。',
  '值得一提的是，这并不是{star}第一次因为类似的事情上热搜。',
] as const;

export const CHIGUA_CLOSINGS = [
  '目前双方工作室均未作出回应，事情的真相还有待进一步证实。',
  '对此你怎么看？欢迎在评论区说说你的看法，吃瓜请理性。',
  '以上消息均来自网络，真实性有待考证，请大家不信谣不传谣。',
] as const;

export const CHIGUA_BODY_SLOTS = {
  scenePhoto: [
    '戴着口罩和帽子匆匆走进电梯',
    '和一位陌生人在餐厅相谈甚欢',
    '独自在片场角落抹眼泪',
    '拖着行李箱出现在机场',
  ],
  recent: ['频繁出入某公司大楼', '推掉了好几个商务活动', '和老东家的合约即将到期', '被拍到在国外度假'],
  clue: ['两人佩戴了同款手表', '照片背景和之前的自拍一模一样', '对方最近点赞了几条相关微博', '时间线对得上'],
};

export const ARCHIVE_CATEGORIES = [
  { name: '影评专栏', icon: 'mdi:fountain-pen-tip', description: '认真写、认真读的长影评', tags: ['影评'] },
  { name: '行业观察', icon: 'mdi:chart-line', description: '票房、平台与行业趋势', tags: ['票房'] },
  { name: '幕后故事', icon: 'mdi:video-vintage', description: '一部电影是怎样诞生的', tags: ['幕后'] },
  { name: '片单推荐', icon: 'mdi:format-list-bulleted', description: '编辑精选的主题片单', tags: ['片单'] },
] as const;

/** Article titles per archive category, same order as ARCHIVE_CATEGORIES. */
export const ARTICLE_TITLES: readonly (readonly string[])[] = [
  [
    '《{movie}》：{essayTheme}',
    '重看《{movie}》，我们到底在怀念什么',
    '从《{movie}》说起：{essayTheme}',
    '《{movie}》深度解析：那些你可能错过的细节',
  ],
  [
    '{year}年{region}电影市场观察：{trend}',
    '{genre}片的困境与出路',
    '流媒体时代，院线电影还有未来吗',
    '小成本{genre}片为什么频频逆袭',
  ],
  [
    '《{movie}》幕后：{behind}',
    '一部{genre}片的诞生：从剧本到上映',
    '拍摄《{movie}》的三百个日夜',
    '那些被剪掉的镜头：《{movie}》幕后故事',
  ],
  [
    '{count}部{adj}的{genre}片，{listVerdict}',
    '适合{occasion}看的{count}部电影',
    '{region}{genre}片入门片单',
    '豆瓣高分{genre}片，你看过几部？',
  ],
];

export const ARTICLE_SLOTS = {
  essayTheme: ['关于失去与和解', '小人物的尊严', '时间是最好的导演', '一场迟到的告别', '暴力之下的温柔'],
  trend: ['类型片回暖', '年轻观众回流', '票房向头部集中', '口碑决定长线'],
  behind: ['一场戏拍了四十七条', '导演坚持实景拍摄', '演员提前半年进组体验生活', '预算超支之后'],
  adj: ['冷门但好看', '看完想哭', '脑洞清奇', '越看越上头', '适合一个人看'],
  count: ['五', '八', '十', '十二'],
  listVerdict: ['每一部都值得', '建议收藏', '总有一部适合你'],
  occasion: ['周末', '深夜', '雨天', '假期'],
};

export const ARTICLE_PARAGRAPHS = [
  '第一次看《{movie}》是在很多年前的一个雨夜，当时只觉得故事好看，直到最近重看，才真正读懂了它。',
  '影片最打动人的地方，不是跌宕起伏的情节，而是那些看似平淡的日常：一顿饭、一次争吵、一个欲言又止的眼神。',
  '导演在镜头上的克制令人印象深刻。大量的固定机位和自然光，让观众像一个旁观者，安静地看着人物走向各自的命运。',
  '从市场数据来看，{genre}片在过去一年里的表现可圈可点，多部中小成本作品凭借口碑实现了票房逆袭。',
  '当然，问题同样存在：同质化的题材、过度依赖流量演员、宣发与内容的错位，都在消耗观众的耐心。',
  '据主创回忆，剧本前后改了十一稿，最初的版本和最终上映的版本几乎是两个完全不同的故事。',
  '拍摄期间正值盛夏，剧组每天凌晨四点出发，赶在日出前完成最关键的几场戏。',
  '如果你还没有看过这部电影，不妨找一个安静的晚上，关掉手机，给它两个小时。',
  '好的电影从来不会给出标准答案，它只是把问题留给每一个走出影院的人。',
  '下面这几部，风格各不相同，但都有一个共同点：看完之后，你会很想找人聊一聊。',
] as const;
